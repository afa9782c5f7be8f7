import { useState } from 'react';
import { Dropdown, Option } from '@fluentui/react-components';
import { DATE_RANGES, DATE_RANGE_LABELS, type DateRange } from '../shared/api';

/** Past Day / Past Week / Past Month; the closed dropdown also shows the window's dates (spec part 2 section 2). */
export function RangeDropdown({ value, dates, onChange }: { value: DateRange; dates: string; onChange: (range: DateRange) => void }) {
  const [open, setOpen] = useState(false);
  const label = DATE_RANGE_LABELS[value];
  return (
    <Dropdown
      aria-label="Time range"
      data-testid="radar-range"
      value={open || !dates ? label : `${label} (${dates})`}
      selectedOptions={[value]}
      open={open}
      onOpenChange={(_, d) => setOpen(d.open)}
      onOptionSelect={(_, d) => { if (d.optionValue) onChange(d.optionValue as DateRange); }}
    >
      {DATE_RANGES.map((r) => <Option key={r} value={r}>{DATE_RANGE_LABELS[r]}</Option>)}
    </Dropdown>
  );
}
