// Vitest runs server modules outside Next; the real package throws there by design.
export {};
