// Clean-up steps for the measurement scripts: run in reverse order once, whether the run ends
// normally, fails or is interrupted, so no server, browser, temporary directory or schema stays.
export const cleanups: Array<() => unknown> = [];

export async function cleanUp(): Promise<void> {
  for (let step = cleanups.pop(); step; step = cleanups.pop()) {
    try {
      await step();
    } catch (error) {
      console.error(`Falha na limpeza: ${(error as Error).message}`);
    }
  }
}

process.once("SIGINT", () => {
  console.error("\nInterrompido; limpando...");
  void cleanUp().finally(() => process.exit(130));
});
