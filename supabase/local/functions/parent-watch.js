/**
 * Preloaded (`deno run --preload`) into every edge-function process the local stack starts.
 * It is the second half of "children never outlive the stack": the Node side kills its
 * children on stop() and on process exit, but a Node process killed with SIGKILL (a crashed
 * test worker, `kill -9`) runs no handler. Then this Deno process is re-parented, its parent
 * pid changes, and it exits within about a second.
 *
 * It needs no permission, keeps no event-loop reference (the timer is unref'd, so a function
 * that never serves still exits and is reported as a boot error), and leaves the function's
 * own code untouched. Plain JavaScript so the Node typecheck does not see Deno globals.
 */
/* global Deno, setInterval */
const parentPid = Deno.ppid;
const CHECK_INTERVAL_MS = 500;
const timer = setInterval(() => {
  if (Deno.ppid !== parentPid) Deno.exit(0);
}, CHECK_INTERVAL_MS);
Deno.unrefTimer(timer);
