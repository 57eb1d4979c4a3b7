import { Button, Menu } from '@mantine/core';
import {
  IconChevronDown,
  IconFileImport,
  IconFileSpreadsheet,
  IconFileTypeXml,
  IconListDetails,
} from '@tabler/icons-react';
import { useState } from 'react';

import { planExportUrl } from '../api/plan-files.ts';
import { PlanImportModal } from './plan-import-modal.tsx';

interface Props {
  muralId: number;
  /** The caller creates tasks in the demand (gestão, responsável, criador): may import. */
  canPlan: boolean;
}

/** "Plano" on the demand page: import a plan, export it to Excel or MS Project. */
export default function PlanMenu({ muralId, canPlan }: Props) {
  const [importing, setImporting] = useState(false);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconListDetails size={16} />}
            rightSection={<IconChevronDown size={14} />}
          >
            Plano
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {canPlan && (
            <Menu.Item
              leftSection={<IconFileImport size={16} />}
              onClick={() => setImporting(true)}
            >
              Importar plano
            </Menu.Item>
          )}
          <Menu.Label>Exportar plano</Menu.Label>
          <Menu.Item
            component="a"
            href={planExportUrl(muralId, 'xlsx')}
            download
            leftSection={<IconFileSpreadsheet size={16} />}
          >
            Excel (.xlsx)
          </Menu.Item>
          <Menu.Item
            component="a"
            href={planExportUrl(muralId, 'mspdi')}
            download
            leftSection={<IconFileTypeXml size={16} />}
          >
            MS Project (.xml)
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {canPlan && (
        <PlanImportModal muralId={muralId} opened={importing} onClose={() => setImporting(false)} />
      )}
    </>
  );
}
