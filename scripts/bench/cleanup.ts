/** Stops what was started, last first; also when the run is interrupted. */
export class Cleanup {
  private readonly steps: (() => Promise<unknown>)[] = [];

  add(step: () => Promise<unknown>): void {
    this.steps.push(step);
  }

  async run(): Promise<void> {
    for (const step of this.steps.splice(0).reverse()) {
      try {
        await step();
      } catch (error) {
        console.error('Could not stop a bench process:', error);
      }
    }
  }
}
