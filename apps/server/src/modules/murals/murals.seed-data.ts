import type { ContractStatus, Priority, Stage } from '@eproto/domain';
import type { DemoKey } from '../../seed/demo-users.ts';

/** Demo contracts (key, fields) of the demo company. */
export const DEMO_CONTRACTS: {
  key: string;
  codigo: string;
  nome: string;
  cliente: string;
  descricao: string;
  inicio: number;
  fim: number;
  status: ContractStatus;
  valor: number;
  users: DemoKey[];
}[] = [
  {
    key: 'hospital',
    codigo: 'HSL-2025-014',
    nome: 'Manutenção predial — Hospital São Lucas',
    cliente: 'Hospital São Lucas (Campinas/SP)',
    descricao:
      'Manutenção preventiva e corretiva de instalações elétricas, hidráulicas, ar-condicionado e civil, 24x7, com equipe residente.',
    inicio: -420,
    fim: 310,
    status: 'ativo',
    valor: 2_480_000,
    users: ['gerente', 'coordenador', 'equipe', 'equipe2', 'financeiro'],
  },
  {
    key: 'prefeitura',
    codigo: 'PMS-2025-031',
    nome: 'Rede elétrica e iluminação pública — Prefeitura de Sorocaba',
    cliente: 'Prefeitura Municipal de Sorocaba',
    descricao:
      'Expansão e manutenção da rede de iluminação pública, troca por LED e atendimento a chamados do 156.',
    inicio: -250,
    fim: 480,
    status: 'ativo',
    valor: 3_950_000,
    users: ['gerente', 'coordenador', 'equipe2', 'equipe3', 'financeiro'],
  },
  {
    key: 'telecom',
    codigo: 'TLC-2024-007',
    nome: 'Manutenção de torres de telecomunicação — Região Sul',
    cliente: 'TelcoSul Infraestrutura S.A.',
    descricao:
      'Manutenção de 48 sites (torres, abrigos, geradores e SPDA) no Paraná e em Santa Catarina.',
    inicio: -600,
    fim: 130,
    status: 'ativo',
    valor: 1_720_000,
    users: ['gerente', 'coordenador2', 'equipe4', 'equipe5'],
  },
  {
    key: 'shopping',
    codigo: 'SHP-2025-002',
    nome: 'Facilities — Shopping Parque das Águas',
    cliente: 'Parque das Águas Empreendimentos Ltda.',
    descricao: 'Facilities e manutenção de áreas comuns; contrato suspenso durante a reforma.',
    inicio: -300,
    fim: 60,
    status: 'suspenso',
    valor: 890_000,
    users: ['coordenador2', 'equipe5'],
  },
  {
    key: 'universidade',
    codigo: 'UFE-2023-019',
    nome: 'Subestação e cabine primária — Campus Universitário',
    cliente: 'Fundação de Apoio Universitário',
    descricao: 'Retrofit da subestação de 13,8 kV e da cabine primária do campus.',
    inicio: -900,
    fim: -120,
    status: 'encerrado',
    valor: 640_000,
    users: ['gerente'],
  },
];

/** Demo boards: contract key (or null), colour and participants. */
export const DEMO_BOARDS: {
  key: string;
  nome: string;
  descricao: string;
  contract: string | null;
  cor: string;
  participants: DemoKey[];
}[] = [
  {
    key: 'hospital',
    nome: 'Hospital São Lucas — Manutenção',
    descricao: 'Chamados e preventivas do contrato do Hospital São Lucas.',
    contract: 'hospital',
    cor: '#228be6',
    participants: ['coordenador', 'gerente', 'equipe', 'equipe2'],
  },
  {
    key: 'iluminacao',
    nome: 'Iluminação pública — Sorocaba',
    descricao: 'Ordens de serviço da rede de iluminação e expansão LED.',
    contract: 'prefeitura',
    cor: '#fab005',
    participants: ['coordenador', 'equipe2', 'equipe3'],
  },
  {
    key: 'torres',
    nome: 'Torres Telecom Sul',
    descricao: 'Preventivas e corretivas dos sites da TelcoSul.',
    contract: 'telecom',
    cor: '#7950f2',
    participants: ['coordenador2', 'equipe4', 'equipe5'],
  },
  {
    key: 'shopping',
    nome: 'Parque das Águas — Facilities',
    descricao: 'Pendências do contrato suspenso do shopping.',
    contract: 'shopping',
    cor: '#15aabf',
    participants: ['coordenador2', 'equipe5'],
  },
  {
    key: 'diretoria',
    nome: 'Diretoria — Projetos internos',
    descricao: 'Projetos internos acompanhados pela diretoria.',
    contract: null,
    cor: '#12b886',
    participants: ['diretor', 'gerente', 'comercial', 'ti'],
  },
];

/**
 * One demo demand: [titulo, prioridade, stage, start offset in days from today, duration in
 * days, responsável, extra participants].
 */
export type DemandSeed = [string, Priority, Stage, number, number, DemoKey, DemoKey[]];

export const DEMO_DEMANDS: Record<string, DemandSeed[]> = {
  hospital: [
    [
      'Troca de disjuntores do QGBT do bloco B',
      'alta',
      'em_andamento',
      -6,
      10,
      'equipe',
      ['equipe2'],
    ],
    [
      'Vazamento no forro da ala de pediatria',
      'urgente',
      'em_andamento',
      -3,
      2,
      'equipe2',
      ['equipe'],
    ],
    ['Preventiva dos chillers — março', 'media', 'concluido', -40, 5, 'equipe', []],
    [
      'Reparo do gerador de emergência G2',
      'urgente',
      'em_revisao',
      -12,
      6,
      'equipe',
      ['coordenador'],
    ],
    ['Pintura do corredor do centro cirúrgico', 'baixa', 'a_fazer', 9, 7, 'equipe2', []],
    ['Substituição de luminárias da recepção', 'media', 'a_fazer', 4, 3, 'equipe', []],
    [
      'Teste de estanqueidade da rede de gases medicinais',
      'alta',
      'a_fazer',
      -8,
      3,
      'equipe2',
      ['equipe'],
    ],
    ['Limpeza das caixas d’água (semestral)', 'media', 'concluido', -70, 2, 'equipe2', []],
    [
      'Ajuste das portas automáticas do pronto-socorro',
      'alta',
      'em_andamento',
      -2,
      4,
      'equipe',
      [],
    ],
    ['Laudo de SPDA do prédio principal', 'media', 'em_revisao', -20, 15, 'coordenador', []],
    ['Troca de filtros dos fan-coils da UTI', 'alta', 'concluido', -15, 2, 'equipe', ['equipe2']],
    ['Impermeabilização da laje do bloco C', 'media', 'a_fazer', 20, 12, 'equipe2', []],
    ['Reparo de tomadas da enfermaria 3', 'baixa', 'concluido', -9, 1, 'equipe', []],
    ['Inspeção das bombas de recalque', 'media', 'a_fazer', 1, 2, 'equipe', []],
    ['Relatório mensal de manutenção — fevereiro', 'baixa', 'concluido', -25, 5, 'coordenador', []],
    [
      'Readequação elétrica da sala de tomografia',
      'urgente',
      'a_fazer',
      -5,
      8,
      'equipe2',
      ['equipe', 'coordenador'],
    ],
    [
      'Troca do piso vinílico do posto de enfermagem',
      'media',
      'em_andamento',
      -4,
      9,
      'equipe2',
      [],
    ],
    ['Revisão do sistema de chamada de enfermagem', 'alta', 'a_fazer', 6, 4, 'equipe', []],
  ],
  iluminacao: [
    [
      'Troca de 120 luminárias por LED — Av. Itavuvu',
      'alta',
      'em_andamento',
      -10,
      20,
      'equipe3',
      ['equipe2'],
    ],
    [
      'Chamado 156: poste apagado na Rua XV de Novembro',
      'urgente',
      'a_fazer',
      -2,
      1,
      'equipe3',
      [],
    ],
    ['Extensão de rede no Jardim Ipanema', 'media', 'a_fazer', 12, 15, 'equipe2', ['equipe3']],
    ['Poda preventiva próxima à rede — Zona Norte', 'media', 'concluido', -30, 6, 'equipe3', []],
    ['Substituição de relés fotoelétricos — Centro', 'baixa', 'em_revisao', -14, 7, 'equipe2', []],
    [
      'Cadastro georreferenciado dos pontos de luz',
      'media',
      'em_andamento',
      -35,
      60,
      'coordenador',
      ['equipe2'],
    ],
    [
      'Reparo de cabo subterrâneo na Praça Coronel Fernando Prestes',
      'alta',
      'a_fazer',
      -6,
      3,
      'equipe3',
      [],
    ],
    ['Iluminação do novo campo de futebol do Éden', 'media', 'a_fazer', 25, 10, 'equipe2', []],
    ['Troca de braços de luminária corroídos', 'baixa', 'concluido', -45, 10, 'equipe3', []],
    ['Medição mensal para faturamento — março', 'alta', 'em_revisao', -5, 5, 'coordenador', []],
    ['Vistoria noturna do corredor Av. Ipanema', 'media', 'concluido', -12, 1, 'equipe2', []],
    ['Aterramento dos quadros de comando', 'alta', 'em_andamento', -7, 12, 'equipe3', []],
    ['Reposição de tampas de caixas de passagem', 'baixa', 'a_fazer', 3, 2, 'equipe3', []],
    ['Plano de manutenção do 2º semestre', 'media', 'a_fazer', 15, 10, 'coordenador', []],
    [
      'Chamado 156: luminária piscando no Parque Campolim',
      'media',
      'concluido',
      -4,
      1,
      'equipe2',
      [],
    ],
    [
      'Relatório de consumo para a Secretaria de Obras',
      'baixa',
      'a_fazer',
      -1,
      4,
      'coordenador',
      [],
    ],
  ],
  torres: [
    ['Preventiva trimestral — site CWB-014', 'media', 'em_andamento', -3, 5, 'equipe4', []],
    [
      'Troca de baterias do retificador — FLN-007',
      'alta',
      'a_fazer',
      -4,
      2,
      'equipe5',
      ['equipe4'],
    ],
    ['Reparo no balizamento noturno — JOI-003', 'urgente', 'em_andamento', -1, 2, 'equipe5', []],
    ['Pintura da torre autoportante — PGZ-021', 'baixa', 'a_fazer', 30, 20, 'equipe4', []],
    ['Inspeção de estais — CWB-031', 'media', 'concluido', -22, 3, 'equipe4', []],
    ['Manutenção do gerador — LDB-002', 'alta', 'em_revisao', -9, 4, 'equipe5', []],
    ['Roçada e capina do site FLN-019', 'baixa', 'concluido', -18, 2, 'equipe5', []],
    ['Instalação de SPDA — CWB-040', 'alta', 'a_fazer', 7, 6, 'equipe4', ['equipe5']],
    ['Vistoria de abrigo com infiltração — JOI-011', 'media', 'a_fazer', -10, 3, 'equipe4', []],
    [
      'Substituição de cadeados e controle de acesso',
      'baixa',
      'em_andamento',
      -5,
      15,
      'equipe5',
      [],
    ],
    [
      'Relatório fotográfico mensal para a TelcoSul',
      'media',
      'em_revisao',
      -3,
      4,
      'coordenador2',
      [],
    ],
    ['Troca de ar-condicionado do shelter — CWB-022', 'alta', 'concluido', -33, 3, 'equipe4', []],
    ['Reaperto de conexões elétricas — MGA-005', 'media', 'a_fazer', 2, 2, 'equipe5', []],
    ['Medição de aterramento — região litoral', 'media', 'a_fazer', 10, 5, 'equipe4', []],
  ],
  shopping: [
    ['Reparo das escadas rolantes da ala leste', 'alta', 'em_revisao', -16, 10, 'equipe5', []],
    ['Troca de lâmpadas do estacionamento G2', 'media', 'a_fazer', -12, 4, 'equipe5', []],
    ['Revisão do sistema de sprinklers', 'urgente', 'a_fazer', -20, 5, 'coordenador2', ['equipe5']],
    ['Limpeza de calhas e rufos', 'baixa', 'concluido', -50, 3, 'equipe5', []],
    [
      'Levantamento de pendências para retomada',
      'media',
      'em_andamento',
      -8,
      20,
      'coordenador2',
      [],
    ],
  ],
  diretoria: [
    [
      'Implantação do E-Proto em todas as equipes',
      'alta',
      'em_andamento',
      -30,
      45,
      'ti',
      ['gerente'],
    ],
    [
      'Proposta técnica — licitação Metrô Campinas',
      'urgente',
      'em_andamento',
      -10,
      14,
      'comercial',
      ['diretor'],
    ],
    [
      'Renovação do contrato TelcoSul',
      'alta',
      'a_fazer',
      5,
      30,
      'gerente',
      ['diretor', 'comercial'],
    ],
    ['Treinamento NR-10 para novos técnicos', 'media', 'a_fazer', 14, 3, 'gerente', []],
    ['Auditoria ISO 9001 — preparação', 'media', 'em_revisao', -20, 25, 'diretor', ['gerente']],
    ['Compra de 2 caminhões cesto', 'media', 'concluido', -60, 20, 'diretor', []],
    ['Política de uso de veículos da frota', 'baixa', 'a_fazer', -3, 10, 'gerente', []],
  ],
};

/** Conversations on some demands: [board key, demand index, author, text]. "@Nome" mentions. */
export const DEMO_MESSAGES: [string, number, DemoKey, string][] = [
  [
    'hospital',
    0,
    'equipe',
    'Disjuntores separados no almoxarifado. Preciso desligar o bloco B das 22h às 23h.',
  ],
  [
    'hospital',
    0,
    'coordenador',
    '@João Pereira combinado com a engenharia clínica, pode seguir hoje à noite.',
  ],
  ['hospital', 0, 'equipe2', 'Levo o termovisor para conferir os barramentos depois da troca.'],
  [
    'hospital',
    1,
    'equipe2',
    'Vazamento vem do dreno do split do quarto 214. @Marcos Ribeiro precisamos de acesso ao forro.',
  ],
  ['hospital', 1, 'coordenador', 'Acesso liberado com a enfermagem. Isolem o quarto 214.'],
  [
    'hospital',
    3,
    'equipe',
    'Gerador testado por 30 min com carga. Aguardando conferência. @Fernanda Lima',
  ],
  ['hospital', 6, 'equipe2', 'Teste remarcado: o fornecedor do manômetro atrasou.'],
  [
    'hospital',
    15,
    'coordenador',
    '@Ana Souza prioridade máxima, a tomografia volta a operar na segunda.',
  ],
  ['hospital', 16, 'equipe2', 'Piso chegou; começamos pelo lado da farmácia.'],
  [
    'iluminacao',
    0,
    'equipe3',
    '64 de 120 luminárias trocadas. Faltam os trechos com poda pendente.',
  ],
  ['iluminacao', 0, 'coordenador', '@Bruno Oliveira a poda da Av. Itavuvu fica pronta na quinta.'],
  ['iluminacao', 1, 'equipe3', 'Cabo rompido no poste 1532. Vou precisar do caminhão cesto.'],
  ['iluminacao', 6, 'equipe2', 'Escavação autorizada pela Prefeitura. @Marcos Ribeiro'],
  [
    'iluminacao',
    9,
    'coordenador',
    'Medição enviada para conferência. @Fernanda Lima pode revisar?',
  ],
  ['torres', 1, 'equipe5', 'Banco de baterias com 3 elementos estufados. Solicitei reposição.'],
  ['torres', 1, 'equipe4', '@Diego Ferreira levo as baterias na terça.'],
  ['torres', 2, 'equipe5', 'Lâmpada do balizamento queimada e fotocélula com oxidação.'],
  ['torres', 10, 'coordenador2', 'Relatório consolidado. @Fernanda Lima segue para aprovação.'],
  ['shopping', 4, 'coordenador2', 'Lista de pendências atualizada com o síndico.'],
  ['diretoria', 0, 'ti', 'Todas as equipes de campo já acessam pelo celular. @Fernanda Lima'],
  [
    'diretoria',
    1,
    'comercial',
    'Planilha de custos revisada. @Carlos Mendes precisamos fechar a margem.',
  ],
  ['diretoria', 1, 'diretor', 'Margem aprovada em 18%.'],
];

/** Small files attached to demands: [board key, demand index, uploader, file name, display name]. */
export const DEMO_FILES: [string, number, DemoKey, string, string][] = [
  ['hospital', 0, 'equipe', 'qgbt-bloco-b.png', 'Foto do QGBT antes da troca'],
  ['hospital', 3, 'equipe', 'teste-gerador-g2.txt', 'Registro do teste do gerador'],
  ['hospital', 10, 'equipe', 'filtros-uti.png', 'Filtros novos instalados'],
  ['iluminacao', 0, 'equipe3', 'luminarias-trocadas.csv', 'Planilha de luminárias trocadas'],
  ['iluminacao', 9, 'coordenador', 'medicao-marco.csv', 'Medição de março'],
  ['torres', 1, 'equipe5', 'baterias-fln-007.png', 'Baterias estufadas'],
  ['torres', 10, 'coordenador2', 'relatorio-fotografico.txt', 'Resumo do relatório fotográfico'],
];
