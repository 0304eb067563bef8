// The server's memory while it is measured: VmRSS from /proc/<pid>/status sampled often, and at
// the end VmHWM, the kernel's own high-water mark, which also catches a peak between samples.
import { readFileSync } from "node:fs";

const SAMPLE_MS = 100;

export interface MemoryReport {
  /** Highest VmRSS seen by sampling, MB. */
  sampledPeakMb: number | null;
  /** VmHWM read at the end (peak RSS over the process's life), MB. */
  highWaterMarkMb: number | null;
  samples: number;
}

export interface MemoryWatch {
  /** Highest sampled VmRSS since the last call (one sample taken now), MB: the peak of one case. */
  takeCasePeakMb: () => number | null;
  /** Read VmHWM and stop sampling. Call while the process is still running. */
  stop: () => MemoryReport;
}

function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    return match ? Number(match[1]) : null;
  } catch {
    return null; // the process has exited; the requests report that
  }
}

const mb = (kb: number | null) => (kb === null || kb === 0 ? null : kb / 1024);

/** Watch a process's memory; `pid` must be the server's node process itself. */
export function watchMemory(pid: number): MemoryWatch {
  const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  if (!cmdline.some((arg) => arg.endsWith("server.js"))) {
    throw new Error(`o processo ${pid} não é o servidor (${cmdline.join(" ")})`);
  }
  let peakKb = 0;
  let casePeakKb = 0;
  let samples = 0;
  const sample = () => {
    const kb = statusKb(pid, "VmRSS");
    if (kb === null) return;
    samples++;
    peakKb = Math.max(peakKb, kb);
    casePeakKb = Math.max(casePeakKb, kb);
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    takeCasePeakMb: () => {
      sample();
      const peak = mb(casePeakKb);
      casePeakKb = 0;
      return peak;
    },
    stop: () => {
      sample();
      clearInterval(timer);
      return { sampledPeakMb: mb(peakKb), highWaterMarkMb: mb(statusKb(pid, "VmHWM")), samples };
    },
  };
}
