import '@/components/on-demand-mantine-styles';
import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';

export const RANGE_FORMAT = 'MMM D, YYYY';

/** Picks the report's first and last day; the report changes once both are picked. */
export function DateRangeFilter({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
}) {
  const [range, setRange] = useState<[string | null, string | null]>([from, to]);
  return (
    <DatePickerInput
      type="range"
      label="Dates"
      value={range}
      onChange={(next) => {
        setRange(next);
        const [start, end] = next;
        if (start && end) onChange(start, end);
      }}
      valueFormat={RANGE_FORMAT}
      maxDate={dayjs().format('YYYY-MM-DD')}
      nextLabel="Next month"
      previousLabel="Previous month"
      leftSection={<IconCalendar size={16} aria-hidden="true" />}
      miw={260}
    />
  );
}
