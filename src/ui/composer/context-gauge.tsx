interface ContextGaugeProps {
  /** The accessible name (`Context used`). */
  label: string;
  value: number;
  max: number;
  /** The whole figure in words ("3,400 of 8,192 tokens · …"): the value text and the tooltip. */
  words: string;
  /** The next send is close to leaving older messages out, or cannot be sent. */
  near: boolean;
  locale: string;
}

/** The share of the window as a whole percentage, never 0% once anything is counted. */
export function contextShare(value: number, max: number, locale: string): string {
  const share = max > 0 ? Math.min(value / max, 1) : 0;
  const shown = value > 0 ? Math.max(share, 0.01) : 0;
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(
    shown,
  );
}

/**
 * A small ring with the share beside it, drawn for the eye; the meter itself is visually hidden,
 * so assistive technology reads one element with the numbers in words, which the page's tooltip
 * (`data-tooltip`) shows.
 */
export function ContextGauge({ label, value, max, words, near, locale }: ContextGaugeProps) {
  const filled = max > 0 ? Math.min(value / max, 1) * 100 : 0;
  return (
    <span className={near ? "context-meter near" : "context-meter"} data-tooltip={words}>
      <meter
        className="visually-hidden"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={words}
        min={0}
        max={max}
        value={value}
      />
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
        <circle className="track" cx="10" cy="10" r="8" pathLength={100} />
        <circle
          className="fill"
          cx="10"
          cy="10"
          r="8"
          pathLength={100}
          strokeDasharray={`${filled} 100`}
        />
      </svg>
      <span className="context-share" aria-hidden="true">
        {contextShare(value, max, locale)}
      </span>
    </span>
  );
}
