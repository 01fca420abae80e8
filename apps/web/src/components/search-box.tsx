import { Input } from 'antd';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Runs on Enter or the search button; absent for live (client-side) search. */
  onSearch?: (value: string) => void;
  placeholder: string;
}

/** The search box above a table. */
export function SearchBox({ value, onChange, onSearch, placeholder }: SearchBoxProps) {
  return (
    <Input.Search
      allowClear
      value={value}
      placeholder={placeholder}
      aria-label={placeholder}
      onChange={(e) => onChange(e.target.value)}
      onSearch={(v) => onSearch?.(v)}
      style={{ width: 260, maxWidth: '100%' }}
    />
  );
}
