/** Polynomial curve fitting for test charts (spec 001 §7, §9): degree 1–6, formula text and R². */
export { FitError, fitPolynomial, MAX_DEGREE, MIN_DEGREE, type PolynomialFit } from './polynomialFit';
export { formulaText, rSquareText, significant } from './formulaText';
