-- The asset type catalogue starts with the equipment a building-maintenance company keeps
-- (docs/assets.md); gestão renames, adds and deactivates types from the "Ativos" tab.
INSERT INTO "asset_types" ("nome", "categoria") VALUES
  ('Ar-condicionado split', 'climatizacao'),
  ('Chiller', 'climatizacao'),
  ('Fan coil', 'climatizacao'),
  ('Extintor', 'extintor'),
  ('Hidrante', 'geral'),
  ('Gerador', 'gerador'),
  ('Reservatório de água', 'reservatorio'),
  ('Bomba', 'geral'),
  ('Quadro elétrico', 'geral')
ON CONFLICT DO NOTHING;
