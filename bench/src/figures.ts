/** One measured figure, as printed and as written to bench/results/latest.json. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The budget in words, e.g. "≥ 50 % of baseline" or "≤ 250 MB"; absent for information only. */
  budget?: string;
  met?: boolean;
  /** value ÷ baseline, where a baseline was measured in the same run. */
  ratio?: number;
}

export const atLeast = (name: string, value: number, unit: string, min: number, extra: Partial<Figure> = {}): Figure => ({
  name, value, unit, budget: `≥ ${min} ${unit}`, met: value >= min, ...extra,
});
export const atMost = (name: string, value: number, unit: string, max: number, extra: Partial<Figure> = {}): Figure => ({
  name, value, unit, budget: `≤ ${max} ${unit}`, met: value <= max, ...extra,
});
export const ratioAtLeast = (name: string, value: number, unit: string, baseline: number, minRatio: number): Figure => {
  const ratio = baseline > 0 ? value / baseline : 0;
  return { name, value, unit, ratio, budget: `≥ ${Math.round(minRatio * 100)} % of baseline`, met: ratio >= minRatio };
};
export const info = (name: string, value: number, unit: string): Figure => ({ name, value, unit });
