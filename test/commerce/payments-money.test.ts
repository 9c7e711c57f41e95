import {
  currencyExponent,
  fromIsoMinor,
  fromMinorUnits,
  fromStripeAmount,
  InvalidAmountError,
  toIsoMinor,
  toMinorUnits,
  toPayPalValue,
  toStripeAmount,
} from '../../subgraphs/commerce/src/payments/money';

describe('payment money: decimal strings <-> provider units', () => {
  it('knows ISO 4217 exponents: two by default, zero, three and four', () => {
    expect(currencyExponent('eur')).toBe(2);
    expect(currencyExponent('USD')).toBe(2);
    for (const c of ['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'XOF']) expect(currencyExponent(c)).toBe(0);
    for (const c of ['BHD', 'KWD', 'JOD', 'OMR', 'TND', 'IQD', 'LYD']) expect(currencyExponent(c)).toBe(3);
    expect(currencyExponent('CLF')).toBe(4);
    expect(() => currencyExponent('EURO')).toThrow(InvalidAmountError);
  });

  it('converts exactly, with no floating point anywhere', () => {
    expect(toIsoMinor('10.50', 'EUR')).toBe(1050n);
    expect(toIsoMinor('10.5', 'EUR')).toBe(1050n);
    expect(toIsoMinor('0.07', 'USD')).toBe(7n);
    expect(toIsoMinor('10', 'USD')).toBe(1000n);
    expect(toIsoMinor('1000', 'JPY')).toBe(1000n);
    expect(toIsoMinor('5.125', 'KWD')).toBe(5125n);
    expect(toIsoMinor('0.001', 'BHD')).toBe(1n);
    // 0.1 + 0.2 and friends: values binary floats cannot hold
    expect(toIsoMinor('1.15', 'EUR')).toBe(115n);
    expect(toIsoMinor('4.35', 'EUR')).toBe(435n);
    // larger than Number.MAX_SAFE_INTEGER minor units
    expect(toIsoMinor('123456789012345678.99', 'USD')).toBe(12345678901234567899n);
    expect(fromIsoMinor(12345678901234567899n, 'USD')).toBe('123456789012345678.99');
    expect(fromIsoMinor(1050n, 'EUR')).toBe('10.50');
    expect(fromIsoMinor(7n, 'EUR')).toBe('0.07');
    expect(fromIsoMinor(1000n, 'JPY')).toBe('1000');
    expect(fromIsoMinor(5125n, 'KWD')).toBe('5.125');
    expect(fromMinorUnits(0n, 3)).toBe('0.000');
  });

  it('accepts trailing zeros (PostgreSQL numeric) but refuses more significant decimals than the currency has', () => {
    expect(toIsoMinor('1000.0000', 'JPY')).toBe(1000n);
    expect(toIsoMinor('10.5000', 'EUR')).toBe(1050n);
    expect(() => toIsoMinor('10.505', 'EUR')).toThrow(/at most 2/);
    expect(() => toIsoMinor('1000.5', 'JPY')).toThrow(/at most 0/);
    expect(() => toIsoMinor('5.1255', 'KWD')).toThrow(/at most 3/);
    expect(() => toMinorUnits('-1.00', 2)).toThrow(InvalidAmountError);
    for (const bad of ['', ' ', '1e3', '1,50', '.5', '5.', 'NaN', 'abc']) expect(() => toIsoMinor(bad, 'EUR')).toThrow(InvalidAmountError);
    expect(() => toMinorUnits(10 as unknown as string, 2)).toThrow(InvalidAmountError);
  });

  it("follows Stripe's own unit table: zero-decimal list, three-decimal with a final zero, ISK and MGA", () => {
    expect(toStripeAmount('10.50', 'usd')).toBe(1050n);
    for (const c of ['jpy', 'krw', 'vnd', 'bif', 'xaf', 'ugx']) expect(toStripeAmount('1500', c)).toBe(1500n);
    expect(() => toStripeAmount('1500.5', 'jpy')).toThrow(InvalidAmountError);
    // three-decimal: thousandths, but Stripe can only charge multiples of ten
    expect(toStripeAmount('5.12', 'kwd')).toBe(5120n);
    expect(toStripeAmount('5.120', 'bhd')).toBe(5120n);
    expect(() => toStripeAmount('5.125', 'kwd')).toThrow(InvalidAmountError);
    // ISK: zero-decimal in ISO, two-decimal at Stripe with whole krónur only
    expect(toStripeAmount('990', 'isk')).toBe(99000n);
    expect(() => toStripeAmount('990.50', 'isk')).toThrow(InvalidAmountError);
    // MGA: two decimals in ISO, zero-decimal at Stripe
    expect(toStripeAmount('5000', 'mga')).toBe(5000n);
    expect(() => toStripeAmount('5000.20', 'mga')).toThrow(InvalidAmountError);
    expect(fromStripeAmount(5120n, 'kwd')).toBe('5.120');
    expect(fromStripeAmount(1500, 'jpy')).toBe('1500');
  });

  it("writes PayPal's amount.value with exactly the currency's decimals", () => {
    expect(toPayPalValue('10.5', 'EUR')).toBe('10.50');
    expect(toPayPalValue('10', 'USD')).toBe('10.00');
    expect(toPayPalValue('1000.00', 'JPY')).toBe('1000');
    expect(toPayPalValue('1000', 'HUF')).toBe('1000');
    expect(toPayPalValue('250', 'TWD')).toBe('250');
    expect(() => toPayPalValue('250.50', 'TWD')).toThrow(InvalidAmountError);
    expect(toPayPalValue('5.1', 'KWD')).toBe('5.100');
  });
});
