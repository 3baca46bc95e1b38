import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberRow } from '@canteen/contract';
import { memberLabel, useMemberSearch } from './api';

export interface MemberSelectProps {
  /** One member id, or several with `multiple`. */
  value?: string | string[];
  onChange?: (value: string | string[] | undefined) => void;
  multiple?: boolean;
  placeholder?: string;
  id?: string;
  testId?: string;
  style?: React.CSSProperties;
  /** The chosen members' rows (as found by the search), e.g. to name them later. */
  onPick?: (members: MemberRow[]) => void;
}

/**
 * A member picker that searches as one types (phone prefix, member number or name, 300 ms after
 * the last key), showing the masked phone; chosen members keep their labels while one searches on.
 */
export function MemberSelect({ value, onChange, multiple = false, placeholder, id, testId, style, onPick }: MemberSelectProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const search = useMemberSearch(keyword);
  // The members chosen so far, so they keep their labels while the search shows others.
  const [known, setKnown] = useState<Map<string, MemberRow>>(new Map());
  const chosen = useMemo(() => (value === undefined ? [] : Array.isArray(value) ? value : [value]), [value]);
  const options = useMemo(() => {
    const found = search.data ?? [];
    const ids = new Set(found.map((m) => m.id));
    const kept = chosen.filter((c) => !ids.has(c)).map((c) => known.get(c)).filter((m): m is MemberRow => m !== undefined);
    return [...kept, ...found].map((m) => ({ value: m.id, label: memberLabel(m), title: memberLabel(m) }));
  }, [search.data, chosen, known]);

  return (
    <Select
      id={id}
      data-testid={testId}
      mode={multiple ? 'multiple' : undefined}
      value={value}
      onChange={(v: string | string[] | undefined) => {
        const ids = v === undefined ? [] : Array.isArray(v) ? v : [v];
        const found = new Map((search.data ?? []).map((m) => [m.id, m]));
        const picked = new Map(ids.flatMap((id) => { const m = found.get(id) ?? known.get(id); return m ? [[id, m] as const] : []; }));
        setKnown(picked);
        onPick?.([...picked.values()]);
        onChange?.(v);
      }}
      showSearch={{
        filterOption: false,
        onSearch: (text: string) => {
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setKeyword(text.trim()), 300);
        },
      }}
      options={options}
      allowClear
      placeholder={placeholder ?? t('customerRecharge.filter.memberPlaceholder')}
      notFoundContent={search.isFetching ? <Spin size="small" /> : null}
      style={{ minWidth: 240, ...style }}
      aria-label={placeholder ?? t('customerRecharge.filter.memberPlaceholder')}
    />
  );
}
