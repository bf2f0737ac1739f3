import { type CalendarDate, parseDate } from '@internationalized/date';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  Label,
  Popover,
} from 'react-aria-components';

interface Props {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  min?: string;
  error?: string | undefined;
}

function toDate(value: string | null | undefined): CalendarDate | null {
  if (!value) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

/** A date picker: typed segment by segment or chosen on a calendar; value as YYYY-MM-DD. */
export function DateField({ label, value, onChange, min, error }: Props) {
  return (
    <DatePicker
      className="field"
      value={toDate(value)}
      onChange={(date) => onChange(date ? date.toString() : null)}
      minValue={toDate(min) ?? undefined}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
    >
      <Label>{label}</Label>
      <Group className="date-group">
        <DateInput className="date-input">
          {(segment) => <DateSegment segment={segment} className="date-segment" />}
        </DateInput>
        <Button aria-label={`Choose ${label.toLowerCase()} on a calendar`}>
          <svg className="icon" viewBox="0 0 16 16" aria-hidden="true">
            <rect x="1.5" y="3" width="13" height="11.5" rx="1.5" fill="none" stroke="currentColor" />
            <path d="M1.5 6.5h13M5 1.5v3M11 1.5v3" stroke="currentColor" />
          </svg>
        </Button>
      </Group>
      <FieldError className="field-error">{error}</FieldError>
      <Popover className="popover">
        <Dialog aria-label={label}>
          <Calendar className="calendar">
            <header>
              <Button slot="previous">‹</Button>
              <Heading />
              <Button slot="next">›</Button>
            </header>
            <CalendarGrid>{(date) => <CalendarCell date={date} className="calendar-cell" />}</CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  );
}
