import { describe, expect, it } from 'vitest';
import { actionCost, priceFor, type Price } from './action-cost';

// The national programme's prices (reference 13.3): type « Tarifs uniques du SARE » (1), period
// « SARE - 2020 » (2020-01-01 → 2020-12-31); a second type (2) and a 2021 period for contrast.
const y2020 = { dateStart: '2020-01-01', dateEnd: '2020-12-31' };
const y2021 = { dateStart: '2021-01-01', dateEnd: '2021-12-31' };
const a1: Price = { pk: 1, act: true, amount: 8, valuationType: 1, period: y2020 };
const a3Household: Price = { pk: 3, act: true, amount: 200, valuationType: 1, period: y2020 };
const a1Other: Price = { pk: 20, act: true, amount: 10, valuationType: 2, period: y2020 };
const a1In2021: Price = { pk: 21, act: true, amount: 9, valuationType: 1, period: y2021 };
const hourly: Price = { pk: 30, act: false, amount: 45, valuationType: 1, period: y2020 };

describe('which price applies (reference 8.10, 8.11)', () => {
  const prices = [a1In2021, a1Other, a1];
  it("the folder's valuation type and the period that contains the date", () => {
    expect(priceFor(prices, 1, '2020-06-15')).toBe(a1);
    expect(priceFor(prices, 2, '2020-06-15')).toBe(a1Other);
    expect(priceFor(prices, 1, '2021-01-01')).toBe(a1In2021);
  });
  it('bounds included', () => {
    expect(priceFor(prices, 1, '2020-01-01')).toBe(a1);
    expect(priceFor(prices, 1, '2020-12-31')).toBe(a1);
  });
  it('none outside the periods, without a type or a date', () => {
    expect(priceFor(prices, 1, '2019-12-31')).toBeNull();
    expect(priceFor(prices, null, '2020-06-15')).toBeNull();
    expect(priceFor(prices, 1, null)).toBeNull();
  });
});

describe('cost of an action (reference 8.11)', () => {
  const base = { done: true, duration: 0, coefficientEnabled: false, coefficient: 1 };
  it('per act: the amount (A3 for a household: 200 €)', () => {
    expect(actionCost({ ...base, price: a3Household })).toEqual({ cost: 200, unitValorization: 200, quantity: 1 });
  });
  it('a structure coefficient applies only when the model enables it (8 € × 1.125 = 9 €)', () => {
    expect(actionCost({ ...base, price: a1, coefficient: 1.125 }).cost).toBe(8);
    expect(actionCost({ ...base, price: a1, coefficient: 1.125, coefficientEnabled: true })).toEqual({
      cost: 9,
      unitValorization: 9,
      quantity: 1,
    });
  });
  it('per hour: rate × duration (45 €/h × 1.5 h = 67.50 €; with 0.8: 54 €)', () => {
    expect(actionCost({ ...base, price: hourly, duration: 1.5 })).toEqual({
      cost: 67.5,
      unitValorization: 45,
      quantity: 1.5,
    });
    expect(actionCost({ ...base, price: hourly, duration: 1.5, coefficientEnabled: true, coefficient: 0.8 }).cost).toBe(
      54,
    );
  });
  it('rounded to the cent at the end (45 €/h × 0.3333 h = 15.00 €; 8 € × 1.333 = 10.66 €)', () => {
    expect(actionCost({ ...base, price: hourly, duration: 0.3333 }).cost).toBe(15);
    expect(actionCost({ ...base, price: a1, coefficientEnabled: true, coefficient: 1.333 }).cost).toBe(10.66);
  });
  it('nothing when not done or without a price', () => {
    expect(actionCost({ ...base, done: false, price: a3Household }).cost).toBe(0);
    expect(actionCost({ ...base, price: null })).toEqual({ cost: 0, unitValorization: 0, quantity: 1 });
  });
});
