/**
 * A script's command line as `parse` reads it (`parseArgs` with a `help` option); or the exit code
 * when the script should stop at once: 0 once `--help` has printed the usage, 2 when an option is
 * unknown or malformed (the message and the usage go to standard error).
 */
export function readCommandLine<CommandLine extends { values: { help?: unknown } }>(
  usage: string,
  parse: () => CommandLine,
): CommandLine | number {
  let commandLine;
  try {
    commandLine = parse();
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (commandLine.values.help === true) {
    console.log(usage);
    return 0;
  }
  return commandLine;
}
