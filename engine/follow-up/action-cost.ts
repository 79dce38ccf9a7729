/** A price of an action model (reference 3.8 « Valorization »). */
export interface Price {
  pk: number;
  /** true: a fixed amount per act; false: an hourly rate. */
  act: boolean;
  amount: number;
  valuationType: number;
  period: { dateStart: string; dateEnd: string };
}

/**
 * The price that applies (reference 8.10, 8.11): among the action model's prices, the first one
 * of the folder's valuation type whose period contains the date (bounds included, YYYY-MM-DD
 * strings compare as dates). Prices are taken in pk order so the choice is stable.
 */
export function priceFor(prices: Price[], valuationType: number | null, date: string | null): Price | null {
  if (valuationType === null || !date) return null;
  const sorted = [...prices].sort((a, b) => a.pk - b.pk);
  return (
    sorted.find((p) => p.valuationType === valuationType && p.period.dateStart <= date && date <= p.period.dateEnd) ??
    null
  );
}

export interface CostInput {
  done: boolean;
  /** Hours (decimal). */
  duration: number;
  price: Price | null;
  /** The action model's « Activer la répartition des valorisations ». */
  coefficientEnabled: boolean;
  /** The owning structure's coefficient (default 1). */
  coefficient: number;
}

export interface Cost {
  /** Euros, rounded to the cent. */
  cost: number;
  /** The amount per act or per hour after the coefficient. */
  unitValorization: number;
  /** 1 per act (or no price), else the hours. */
  quantity: number;
}

/**
 * Cost of an action (reference 8.11): 0 when not done or without a price; else the price's
 * amount, times the structure's coefficient when the model enables it, per act or per hour of
 * duration. Rounded to the cent once, at the end (8 € × 1.125 = 9 €; 45 €/h × 1.5 h = 67.50 €).
 */
export function actionCost(input: CostInput): Cost {
  const { price } = input;
  const quantity = price && !price.act ? input.duration : 1;
  if (!input.done || !price) return { cost: 0, unitValorization: 0, quantity };
  const unit = price.amount * (input.coefficientEnabled ? input.coefficient : 1);
  return { cost: cents(unit * quantity), unitValorization: cents(unit), quantity };
}

function cents(x: number): number {
  return Math.round((x + Number.EPSILON) * 100) / 100;
}
