const INT = new Intl.NumberFormat('pt-BR');
const MONEY = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const DEC = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** 12.345 */
export const formatInt = (n: number) => INT.format(n);
/** R$ 1.234,56 */
export const formatMoney = (n: number) => MONEY.format(n);
/** 45,3 */
export const formatDecimal = (n: number) => DEC.format(n);
/** 12.345 km */
export const formatKm = (n: number) => `${INT.format(n)} km`;
