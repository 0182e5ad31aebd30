/**
 * The exchange's own error answers: `{"code": <negative integer>, "msg": "..."}` with a 4xx
 * (weex-facts.md, "Errors"). Handlers throw a SimError; the server writes it.
 */

export class SimError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "SimError";
  }
}

/** Codes the simulator answers with (weex-facts.md). */
export const CODES = {
  keyEmpty: -1040,
  signEmpty: -1041,
  timestampEmpty: -1042,
  timestampInvalid: -1043,
  keyInvalid: -1044,
  contentType: -1045,
  timestampExpired: -1046,
  signature: -1047,
  passphrase: -1049,
  tooManyRequests: -1003,
  /** weex-facts: "request method not supported" */
  methodNotSupported: -1150,
  invalidTimeInForce: -1115,
  invalidType: -1116,
  invalidSide: -1117,
  invalidSymbol: -1121,
  invalidCombination: -1128,
  invalidJson: -1135,
  validation: -1140,
  empty: -1141,
  parameter: -1142,
  precision: -1160,
  timeRange: -1170,
  startAfterEnd: -1171,
  clientOrderIdLength: -1180,
  spotSymbolMissing: -2007,
  spotOrderMissing: -2200,
  notFound: -1000,
} as const;

export function badRequest(code: number, msg: string): SimError {
  return new SimError(400, code, msg);
}

export function unauthorized(code: number, msg: string): SimError {
  return new SimError(401, code, msg);
}
