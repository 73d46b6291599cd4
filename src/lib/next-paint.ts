/** Runs `task` once the frame being prepared has been painted: a frame, then a task. */
export function afterNextPaint(task: () => void): void {
  requestAnimationFrame(() => {
    setTimeout(task, 0);
  });
}
