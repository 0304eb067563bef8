// The server's memory while it is measured: VmRSS from /proc/<pid>/status sampled often, and the
// kernel's own high-water mark, VmHWM, which also catches a peak between samples. Where the bench
// may reset that mark (writing 5 to /proc/<pid>/clear_refs, allowed for the process's own user),
// it is read and reset at every case and phase boundary, so each case and each phase gets its
// exact peak; elsewhere they get the sampled one and VmHWM covers the whole life. The image
// processes the server forks are watched apart, by their own VmHWM.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";

const SAMPLE_MS = 100;

export interface PhasePeak {
  phase: string;
  /** Highest RSS during the phase, MB: the kernel's mark where it can be reset, else sampled. */
  peakMb: number | null;
}

export interface MemoryReport {
  /** Highest VmRSS seen by sampling, MB. */
  sampledPeakMb: number | null;
  /** The kernel's peak RSS over everything watched (VmHWM), MB. */
  highWaterMarkMb: number | null;
  samples: number;
  /** Each phase named with `phase()`, in order, with its peak. */
  phases: PhasePeak[];
}

export interface MemoryWatch {
  /** Peak RSS since the last call (one sample taken now), MB: the peak of one case. */
  takeCasePeakMb: () => number | null;
  /** A phase of the bench starts now (the one before ends): its peak is reported apart. */
  phase: (name: string) => void;
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

/** Set the process's VmHWM back to its current RSS; false where that is not allowed. */
function resetHighWaterMark(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

const mb = (kb: number | null) => (kb === null || kb === 0 ? null : kb / 1024);

/** Watch a process's memory; `pid` must be the server's node process itself. */
export function watchMemory(pid: number): MemoryWatch {
  const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  if (!cmdline.some((arg) => arg.endsWith("server.js"))) {
    throw new Error(`o processo ${pid} não é o servidor (${cmdline.join(" ")})`);
  }
  // The mark so far is the server's start-up: its first phase, until the bench names another.
  const startUpKb = statusKb(pid, "VmHWM") ?? 0;
  const resettable = resetHighWaterMark(pid);
  let sampledPeakKb = 0;
  let markPeakKb = resettable ? startUpKb : 0;
  let casePeakKb = 0;
  let phasePeakKb = resettable ? startUpKb : 0;
  let samples = 0;
  let currentPhase: string | null = "arranque";
  const phases: PhasePeak[] = [];
  const sample = () => {
    const kb = statusKb(pid, "VmRSS");
    if (kb === null) return;
    samples++;
    sampledPeakKb = Math.max(sampledPeakKb, kb);
    casePeakKb = Math.max(casePeakKb, kb);
    phasePeakKb = Math.max(phasePeakKb, kb);
  };
  /** Fold the kernel's mark into every running peak, then start it again from the current RSS. */
  const foldMark = () => {
    sample();
    if (!resettable) return;
    const kb = statusKb(pid, "VmHWM") ?? 0;
    markPeakKb = Math.max(markPeakKb, kb);
    casePeakKb = Math.max(casePeakKb, kb);
    phasePeakKb = Math.max(phasePeakKb, kb);
    resetHighWaterMark(pid);
  };
  const closePhase = () => {
    if (currentPhase !== null) phases.push({ phase: currentPhase, peakMb: mb(phasePeakKb) });
    currentPhase = null;
    phasePeakKb = 0;
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    takeCasePeakMb: () => {
      foldMark();
      const peak = mb(casePeakKb);
      casePeakKb = 0;
      return peak;
    },
    phase: (name) => {
      foldMark();
      closePhase();
      currentPhase = name;
    },
    stop: () => {
      foldMark();
      closePhase();
      clearInterval(timer);
      const lifeMarkKb = resettable ? markPeakKb : (statusKb(pid, "VmHWM") ?? 0);
      return { sampledPeakMb: mb(sampledPeakKb), highWaterMarkMb: mb(lifeMarkKb), samples, phases };
    },
  };
}

/** The image processes the server started while watched (docs/decisions/0056). */
export interface ImageProcessReport {
  /** How many were seen (the server starts one on demand; it exits after 10 s without work). */
  processes: number;
  /** The highest VmHWM among them, MB; null when none was seen. */
  highWaterMarkMb: number | null;
}

/** Often enough to see each one: it lives at least the 10 s it waits idle before exiting. */
const CHILD_SAMPLE_MS = 250;
const IMAGE_PROCESS_ENTRY = "image-worker-process";

/** The PIDs of `pid`'s children, from /proc/PID/task/TID/children (one file per thread). */
function childrenFromTasks(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
      try {
        return readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8")
          .split(" ")
          .filter(Boolean)
          .map(Number);
      } catch {
        return []; // the thread has ended
      }
    });
  } catch {
    return [];
  }
}

/** The same by each process's parent in /proc/PID/stat, where the kernel has no children files. */
function childrenFromStat(pid: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        // "PID (comm) state PPID ...": comm may hold spaces and parentheses.
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * Watch the image processes the server `pid` forks (app/server/media/image-worker.server.ts):
 * each one's VmHWM, read while it runs. The mark is the kernel's, so a peak between two reads
 * still counts; a process that exits is read for the last time in its 10 idle seconds.
 */
export function watchImageProcesses(pid: number): { stop: () => ImageProcessReport } {
  const children = existsSync(`/proc/${pid}/task/${pid}/children`) ? childrenFromTasks : childrenFromStat;
  const peaksKb = new Map<number, number>();
  const others = new Set<number>();
  const sample = () => {
    for (const child of children(pid)) {
      if (others.has(child)) continue;
      if (!peaksKb.has(child)) {
        let cmdline = "";
        try {
          cmdline = readFileSync(`/proc/${child}/cmdline`, "utf8");
        } catch {
          continue; // gone already
        }
        if (!cmdline.includes(IMAGE_PROCESS_ENTRY)) {
          others.add(child);
          continue;
        }
      }
      const kb = statusKb(child, "VmHWM");
      if (kb !== null) peaksKb.set(child, Math.max(peaksKb.get(child) ?? 0, kb));
    }
  };
  sample();
  const timer = setInterval(sample, CHILD_SAMPLE_MS);
  return {
    stop: () => {
      sample();
      clearInterval(timer);
      return { processes: peaksKb.size, highWaterMarkMb: mb(Math.max(0, ...peaksKb.values())) };
    },
  };
}
