import { progressLevel } from '@bari/contracts';
import { Intent, ProgressBar } from '@blueprintjs/core';
import './progress-meter.css';

const intentByLevel = {
  success: Intent.SUCCESS,
  warning: Intent.WARNING,
  danger: Intent.DANGER,
} as const;

export interface ProgressMeterProps {
  /** 0–100; clamped (§4). */
  value: number;
  /** A wider bar with a larger figure (the patient page). */
  large?: boolean;
}

/** A progress bar coloured by §4 (≥ 80 success, ≥ 50 warning, else danger) with its percentage. */
export function ProgressMeter({ value, large = false }: ProgressMeterProps) {
  const percentage = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div className={`progress-meter${large ? ' progress-meter--large' : ''}`}>
      <ProgressBar
        animate={false}
        aria-label={`${percentage}%`}
        className="progress-meter__bar"
        intent={intentByLevel[progressLevel(percentage)]}
        stripes={false}
        value={percentage / 100}
      />
      <span className="progress-meter__value">{percentage}%</span>
    </div>
  );
}
