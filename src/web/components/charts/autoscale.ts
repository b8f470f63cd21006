import type { AutoscaleInfo } from 'lightweight-charts';

/**
 * For a series' `autoscaleInfoProvider`: a flat or one-point series would be scaled to a sliver whose
 * labels all read the same, so the scale spans at least 2% of the value (1 at 0), centred on the data.
 */
export function atLeastTwoPercent(original: () => AutoscaleInfo | null): AutoscaleInfo | null {
  const info = original();
  if (!info?.priceRange) return info;
  const { minValue, maxValue } = info.priceRange;
  const least = Math.abs(maxValue) * 0.02 || 1;
  if (maxValue - minValue >= least) return info;
  const middle = (minValue + maxValue) / 2;
  return { ...info, priceRange: { minValue: middle - least / 2, maxValue: middle + least / 2 } };
}

/**
 * For a series' `autoscaleInfoProvider`: the scale spans as far below 0 as above it, so two series on
 * two scales share one 0 line across the chart, whichever way their values go; all-zero data still
 * gets a height.
 */
export function aroundZero(original: () => AutoscaleInfo | null): AutoscaleInfo | null {
  const info = original();
  if (!info?.priceRange) return info;
  const reach = Math.max(Math.abs(info.priceRange.minValue), Math.abs(info.priceRange.maxValue)) || 1;
  return { ...info, priceRange: { minValue: -reach, maxValue: reach } };
}
