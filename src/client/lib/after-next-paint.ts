/**
 * Runs `task` in a task after the next frame, by when the browser has painted what was just rendered: for
 * fetches that must not share the link with what that paint needs. Returns a cancel.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A hidden tab paints nothing and runs no frames: there the task need not wait.
  if (document.hidden) {
    timer = setTimeout(task);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
