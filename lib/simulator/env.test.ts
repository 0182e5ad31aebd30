import { describe, expect, it } from "vitest";
import { simOptionsFromEnv } from "./env";
import { SIM_DEFAULTS } from "./types";

// SIM_* variables of `npm run sim` and `npm run demo`.

describe("simOptionsFromEnv", () => {
  it("defaults to the documented values", () => {
    expect(simOptionsFromEnv({})).toMatchObject({
      port: 4010,
      host: "127.0.0.1",
      seed: 42,
      scale: 1,
      apiKey: SIM_DEFAULTS.apiKey,
      apiSecret: SIM_DEFAULTS.apiSecret,
      passphrase: SIM_DEFAULTS.passphrase,
      ipWeightPer10s: 500,
      uidWeightPer10s: 500,
      faults: undefined,
    });
  });

  it("reads every variable", () => {
    const o = simOptionsFromEnv({
      SIM_PORT: "4999",
      SIM_HOST: "0.0.0.0",
      SIM_SEED: "7",
      SIM_SCALE: "0.5",
      SIM_API_KEY: "k",
      SIM_API_SECRET: "s",
      SIM_API_PASSPHRASE: "p",
      SIM_FAULTS: '{"latencyMs":50,"endpoints":["coins"]}',
      SIM_LOG_REQUESTS: "1",
    });
    expect(o).toMatchObject({ port: 4999, host: "0.0.0.0", seed: 7, scale: 0.5, apiKey: "k", apiSecret: "s", passphrase: "p", logRequests: true });
    expect(o.faults).toEqual({ latencyMs: 50, endpoints: ["coins"] });
  });

  it("names the variable of an invalid value", () => {
    expect(() => simOptionsFromEnv({ SIM_PORT: "http" })).toThrow(/SIM_PORT/);
    expect(() => simOptionsFromEnv({ SIM_SCALE: "0" })).toThrow(/SIM_SCALE/);
    expect(() => simOptionsFromEnv({ SIM_FAULTS: "{nope" })).toThrow(/SIM_FAULTS/);
    expect(() => simOptionsFromEnv({ SIM_FAULTS: '{"hang":{"rate":3}}' })).toThrow(/SIM_FAULTS/);
  });
});
