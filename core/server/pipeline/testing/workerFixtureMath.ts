export const sumOfSquares = (values: readonly number[]) => values.reduce((sum, v) => sum + v * v, 0);
