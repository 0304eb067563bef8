// CPU time a process has used, user and system, all its threads (V8's, libuv's pool), read from
// /proc. Divided by the responses of a case it is the server's cost of one page: other work on
// the machine changes it far less than it changes requests per second, so A/B comparisons of the
// render path can be read on a busy machine.
import { readFileSync } from "node:fs";

/** /proc reports times in USER_HZ, which Linux fixes at 100 whatever the kernel's own tick. */
const USER_HZ = 100;

/** Seconds of CPU the process has used so far, or null where /proc is missing (not Linux). */
export function processCpuSeconds(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The command name (field 2) may contain spaces; the fields after its ")" start at field 3.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const userTicks = Number(fields[14 - 3]);
  const systemTicks = Number(fields[15 - 3]);
  if (!Number.isFinite(userTicks) || !Number.isFinite(systemTicks)) return null;
  return (userTicks + systemTicks) / USER_HZ;
}
