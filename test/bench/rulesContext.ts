import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_SETTINGS, overlaySettings } from '../../server/core/settings';
import { SEED_DIALECT } from '../../server/rules/context/agentView';
import { rulesForPath } from '../../server/rules/context/agents';
import { GlobReach } from '../../server/rules/context/globReach';
import { RulesEngine } from '../../server/rules/engine';
import { WorkspaceSession } from '../../server/workspace/session';
import { tempDir } from '../helpers/repo';
import type { Benchmark } from './benchmark';
import { loadCorpus } from './searchData';
import { timeRuns, timingFigure, type Figure } from './stats';

const RULES = 500;
const GLOBS = 500;
const PATHS = 100_000;

/** 500 rule files of every activation, their globs over the corpus' folders. */
function writeRules(root: string, folders: string[]): void {
  const dir = path.join(root, '.xcsh', 'rules');
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < RULES; i++) {
    const folder = folders[i % folders.length];
    const fm =
      i % 4 === 0
        ? 'alwaysApply: true'
        : i % 4 === 1
          ? `description: Rule ${i}\nglobs: ["${folder}/**/*.java", "**/*.xml"]`
          : i % 4 === 2
            ? `condition: "TODO${i}"\nglobs: ["${folder}/**"]`
            : `description: Rule ${i} for ${folder}`;
    fs.writeFileSync(path.join(dir, `rule-${i}.md`), `---\n${fm}\n---\nGuidance ${i} for ${folder}.\n`);
  }
}

/** 500 globs as people write them: folders with extensions, extensions anywhere, file-name patterns, typos that match nothing. */
function globsFor(paths: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < GLOBS; i += 97) {
    const p = paths[i % paths.length];
    const parts = p.split('/');
    const dir = parts.slice(0, Math.max(1, parts.length - 2)).join('/');
    const ext = path.extname(p) || '.txt';
    switch (out.length % 6) {
      case 0:
        out.push(`${dir}/**/*${ext}`);
        break;
      case 1:
        out.push(`**/*${ext}`);
        break;
      case 2:
        out.push(`${dir.replace(/[aeiou](?=[^aeiou]*$)/, '')}/**/*${ext}`); // a typo: usually dead
        break;
      case 3:
        out.push(`**/${parts[parts.length - 1].slice(0, 3)}*`);
        break;
      case 4:
        out.push(`${parts[0]}/**/test/**/*${ext}`);
        break;
      default:
        out.push(`*${ext}`);
    }
  }
  return out;
}

export const rulesContextBenchmark: Benchmark = {
  id: 'rules-context',
  name: 'rules in context: rules for a file, dead and broad globs',
  async run(log) {
    const figures: Figure[] = [];
    const corpus = loadCorpus();
    const paths = corpus.paths.slice(0, PATHS);
    for (let c = 0; paths.length < PATHS; c++) paths.push(`copy/${corpus.paths[c % corpus.paths.length]}`);
    const folders = [...new Set(paths.map((p) => p.split('/').slice(0, 2).join('/')))].slice(0, 100);

    const root = tempDir('agentls-bench-context-');
    const home = tempDir('agentls-bench-context-home-');
    writeRules(root, folders);
    const session = new WorkspaceSession(overlaySettings(DEFAULT_SETTINGS, { home }));
    session.addFolder(root);
    const engine = new RulesEngine(session, session.diskFs);
    await engine.refresh();
    let i = 0;
    const forFile = () => {
      const result = rulesForPath(engine.view(root)!, path.join(root, paths[(i += 7919) % paths.length]));
      if (!result || result.agents[0].rules.length !== RULES) throw new Error('expected every rule in the answer');
    };
    const forFileFigure = timingFigure(`rules for a file, ${RULES} rules (warm, engine view included)`, await timeRuns(forFile, 200, 20), { goal: '≤ 5 ms' });
    forFileFigure.meets = forFileFigure.value <= 5;
    figures.push(forFileFigure);

    const globs = globsFor(paths).map((glob) => ({ glob, dialect: SEED_DIALECT }));
    const reach = new GlobReach();
    reach.setPaths(paths);
    let dead = 0;
    let broad = 0;
    const evaluate = () => {
      reach.setGlobs([]);
      reach.setGlobs(globs);
      const all = reach.all();
      dead = all.filter((s) => s.dead).length;
      broad = all.filter((s) => s.broad).length;
    };
    const evalFigure = timingFigure(`dead/broad evaluation, ${GLOBS} globs over ${PATHS.toLocaleString('en')} paths`, await timeRuns(evaluate, 10, 2), { goal: '≤ 200 ms' });
    evalFigure.meets = evalFigure.value <= 200;
    figures.push(evalFigure);
    log(`${dead} dead and ${broad} broad globs of ${globs.length} (${corpus.origin})`);

    let n = 0;
    const event = () => {
      const p = `new/${n++}/file${n}.java`;
      reach.added(p);
      reach.removed(p);
    };
    const eventFigure = timingFigure('one file created and deleted, 500 globs followed', await timeRuns(event, 200, 20), { goal: '< 1 ms' });
    eventFigure.meets = eventFigure.value < 1;
    figures.push(eventFigure);

    session.dispose();
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(home, { recursive: true, force: true });
    return figures;
  },
};
