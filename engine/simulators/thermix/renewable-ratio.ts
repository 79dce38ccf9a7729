import { isHeatPump } from '../reference/identifiers';
import type { SystemUse } from '../reference/system-defaults';
import type { ProductionSystem } from '../reference/types';
import { ReferenceDecimal, roundDecimalHalfEven, toReferenceDecimal } from '../shared/decimal';
import { HEAT_PUMP_PRIMARY_FACTOR } from './constants';

const ONE = new ReferenceDecimal(1);
const PRIMARY_FACTOR = new ReferenceDecimal(String(HEAT_PUMP_PRIMARY_FACTOR));

// Few distinct COPs occur (table defaults and a handful of user values); the cap keeps a server
// fed with arbitrary values from growing the memo without bound.
const MEMO_LIMIT = 1024;
const memo = new Map<number, number>();

/**
 * Renewable share of a heat pump's output: 1 − 2.58 / COP, rounded to 2 decimals half to even in
 * 28-digit decimal, as the reference does (so COP 6.88 gives 0.625 → 0.62); 0 when not positive.
 */
export function heatPumpRenewableRatio(cop: number): number {
  if (!(cop > 0)) return 0;
  const known = memo.get(cop);
  if (known !== undefined) return known;
  const rounded = roundDecimalHalfEven(ONE.minus(PRIMARY_FACTOR.div(toReferenceDecimal(cop))), 2);
  const ratio = rounded > 0 ? rounded : 0;
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(cop, ratio);
  return ratio;
}

/** Renewable share of a system's output for one use (reference/simulators.md §4 step 6). */
export function renewableRatio(system: ProductionSystem, use: SystemUse, efficiency: number): number {
  if (isHeatPump(system.identifier)) return heatPumpRenewableRatio(efficiency);
  return (use === 'heating' ? system.enrRatioHeating : system.enrRatioHotWater) ?? 0;
}
