/** The command lines of the backup and restore scripts (decision 086): `--name value` options, `--flag`s and the rest. */
export interface CommandLine {
  options: Record<string, string>;
  flags: Set<string>;
  rest: string[];
}

/** Reads `argv`; `withValue` names the options that take a value. Throws on one given without it. */
export function parseCommandLine(argv: string[], withValue: string[]): CommandLine {
  const parsed: CommandLine = { options: {}, flags: new Set(), rest: [] };
  for (let at = 0; at < argv.length; at += 1) {
    const arg = argv[at] ?? "";
    if (withValue.includes(arg)) {
      const value = argv[at + 1];
      if (value === undefined || value.startsWith("--")) throw new Error(`${arg} needs a value`);
      parsed.options[arg] = value;
      at += 1;
    } else if (arg.startsWith("--")) parsed.flags.add(arg);
    else parsed.rest.push(arg);
  }
  return parsed;
}
