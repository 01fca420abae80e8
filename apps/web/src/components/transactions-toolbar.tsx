import { FilterOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { SearchBox } from './search-box.tsx';

interface TransactionsToolbarProps {
  search: string;
  onSearchChange: (text: string) => void;
  onSearch: (text: string) => void;
  /** the search box's placeholder and accessible name */
  placeholder: string;
  /** the print button's text ('Print' on offerings, 'PRINT' on donations) */
  printLabel: string;
  /** the filter button's text ('Filter' or 'FILTER') */
  filterLabel: string;
  /** nothing to print: the print button is disabled */
  nothingToPrint: boolean;
  filterOpen: boolean;
  onToggleFilter: () => void;
  /** buttons shown before the print button, e.g. 'Delete selected offerings' */
  children?: ReactNode;
}

/**
 * The bar above a transactions table (spec 2.1, giving spec 2.5): the search box on the left;
 * on the right any extra buttons, then print (window.print(), the print-only table) and the
 * filter panel's toggle. Hidden when printing.
 */
export function TransactionsToolbar(props: TransactionsToolbarProps) {
  const { search, onSearchChange, onSearch, placeholder, filterOpen, onToggleFilter, children } = props;
  return (
    <Flex gap={8} wrap justify="space-between" align="center" style={{ marginBottom: 12 }} className="no-print">
      <SearchBox value={search} onChange={onSearchChange} onSearch={onSearch} placeholder={placeholder} />
      <Flex gap={8} wrap>
        {children}
        <Button icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()} disabled={props.nothingToPrint}>
          {props.printLabel}
        </Button>
        <Button icon={<FilterOutlined aria-hidden />} aria-expanded={filterOpen} onClick={onToggleFilter}>
          {props.filterLabel}
        </Button>
      </Flex>
    </Flex>
  );
}
