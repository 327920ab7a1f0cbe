/** One quota bar of the account screen: used / total, percent, and the bar's level. */
import { quotaBarLevel, quotaPercent } from '../../domain/billing/quotaUsage.ts';

export function QuotaBar(props: { label: string; used: number | null; quota: number | null; unlimited?: boolean }) {
  const used = props.used ?? 0;
  if (props.unlimited) {
    return (
      <p className="quota" data-testid="quota">
        {used} {props.label} (unlimited)
      </p>
    );
  }
  const percent = quotaPercent(props.used, props.quota);
  return (
    <div className="quota" data-testid="quota">
      <p>
        {used} / {props.quota ?? 0} {props.label} ({percent}%)
      </p>
      <progress
        className={`quota-bar ${quotaBarLevel(percent)}`}
        data-level={quotaBarLevel(percent)}
        max={100}
        value={percent}
        aria-label={props.label}
      />
    </div>
  );
}
