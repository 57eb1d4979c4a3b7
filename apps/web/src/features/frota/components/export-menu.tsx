import { Button, Menu } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';

import { exportUrl } from '../utils/export-url.ts';

/** "Exportar" with CSV and XLSX downloads of a list. */
export function ExportMenu({ path, label = 'Exportar' }: { path: string; label?: string }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component="a"
          href={exportUrl(path, 'xlsx')}
          download
          leftSection={<IconFileSpreadsheet size={16} />}
        >
          Planilha Excel (XLSX)
        </Menu.Item>
        <Menu.Item
          component="a"
          href={exportUrl(path, 'csv')}
          download
          leftSection={<IconFileText size={16} />}
        >
          CSV
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
