import { Stack, VisuallyHidden } from '@mantine/core';
import type { HourStats } from '../../../contract/stats.ts';
import classes from './overview.module.css';
import { share } from './status-bars.tsx';

const hourFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const hourText = (iso: string) => hourFormat.format(new Date(iso));

/** Orders created per hour over the last 24 hours, the current (unfinished) hour last and lighter. */
export function HourlyChart({ hours }: { hours: readonly HourStats[] }) {
  const max = Math.max(0, ...hours.map((h) => h.count));
  return (
    <Stack gap={4}>
      <ol className={classes.hours} style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Orders created per hour, oldest first">
        {hours.map((h, i) => {
          const current = i === hours.length - 1;
          const label = `${hourText(h.hour)}${current ? ' (this hour so far)' : ''}: ${h.count} ${h.count === 1 ? 'order' : 'orders'}`;
          return (
            <li key={h.hour} className={classes.hour} title={label} data-count={h.count}>
              <div className={classes.hourBar} data-current={current || undefined} style={{ '--share': share(h.count, max) }} />
              <VisuallyHidden>{label}</VisuallyHidden>
            </li>
          );
        })}
      </ol>
      <div className={classes.hourTicks} aria-hidden="true">
        {hours
          .filter((_, i) => i % 6 === 0)
          .map((h) => (
            <span key={h.hour} className={classes.tick}>
              {hourText(h.hour)}
            </span>
          ))}
      </div>
    </Stack>
  );
}
