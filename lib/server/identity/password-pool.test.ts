import bcrypt from "bcryptjs";
import { expect, it } from "vitest";
import { reservePasswordCheck, type PasswordCheckSeat } from "./password-pool";

it("checks passwords in a worker thread, an unknown user as a wrong password", async () => {
  const hash = bcrypt.hashSync("right password", 4);
  const check = (password: string, h: string | undefined) => reservePasswordCheck()!.check(password, h);
  expect(await check("right password", hash)).toBe(true);
  expect(await check("wrong password", hash)).toBe(false);
  expect(await check("right password", undefined)).toBe(false);
  await expect(check("x", "not a bcrypt hash")).resolves.toBe(false);
});

it("has a bounded number of seats: beyond them an attempt is refused at once, and a seat given back is free again", () => {
  const seats: PasswordCheckSeat[] = [];
  for (let seat = reservePasswordCheck(); seat; seat = reservePasswordCheck()) seats.push(seat);
  // one or two running (by the machine's cores) and sixteen waiting
  expect(seats.length).toBeGreaterThanOrEqual(17);
  expect(seats.length).toBeLessThanOrEqual(18);
  expect(reservePasswordCheck()).toBeNull();
  seats.pop()!.release();
  const again = reservePasswordCheck();
  expect(again).not.toBeNull();
  seats.push(again!);
  for (const s of seats) s.release();
});
