/** Milliseconds since the Unix epoch. Core never reads the system clock itself. */
export interface Clock {
  now(): number;
}

/** Cryptographically random bytes; core never calls `Math.random`. */
export type RandomBytes = (length: number) => Uint8Array;

/** What core needs from the outside world to create ids and timestamps. */
export interface CoreEnv {
  clock: Clock;
  randomBytes: RandomBytes;
}
