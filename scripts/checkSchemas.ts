// npm run check:schemas [-- <extra module root> …]: validates every module folder under schemas/
// (and any extra roots) against schemas/meta, printing each problem as "file: /json/pointer: message".
import path from 'node:path';
import { loadConfig } from '../server/config.js';
import { formatProblem, loadModules, SchemaProblemsError } from '../server/engine/loadModules.js';

const roots = [...loadConfig().schemaDirs, ...process.argv.slice(2).map((d) => path.resolve(d))];
try {
  const set = loadModules(roots);
  const models = set.modules.reduce((n, m) => n + m.models.length, 0);
  const extensions = set.modules.reduce((n, m) => n + m.extensions.length, 0);
  console.log(`check:schemas: ${set.modules.length} module(s), ${models} model(s), ${extensions} extension(s): all valid`);
} catch (error) {
  if (!(error instanceof SchemaProblemsError)) throw error;
  for (const problem of error.problems)
    console.error(formatProblem(path.isAbsolute(problem.file) ? { ...problem, file: path.relative(process.cwd(), problem.file) } : problem));
  console.error(`check:schemas: ${error.problems.length} problem(s)`);
  process.exit(1);
}
