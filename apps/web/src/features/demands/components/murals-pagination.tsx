import { Pagination, type PaginationProps } from '@mantine/core';

/**
 * Mantine's Pagination as the default export of its own chunk (murals-page.tsx loads it when a
 * list has more than one page: a technician's few demands never need it; issue 33).
 */
export default function MuralsPagination(props: PaginationProps) {
  return <Pagination {...props} />;
}
