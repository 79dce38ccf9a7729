/**
 * The projection's 21 yearly variation factors, addressed by the year number (0 = today, the year
 * the annual invoice describes, 1 … 20 = projected years). Factor y multiplies the energy bill of year
 * y on top of the price increase, to shape consumption over time (weather, usage). The specification
 * names the table but gives no values, so every factor is 1: the user's price increase alone drives
 * the projection. Factors 0 and 1 are never applied (year 1 is the annual invoice itself); they are
 * kept so that the table reads by year number.
 */
export const ECORENOVER_YEARLY_VARIATION_FACTORS: readonly number[] = Object.freeze(new Array<number>(21).fill(1));

export const ECORENOVER_PROJECTION_YEARS = 20;
