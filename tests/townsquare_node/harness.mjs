// Runs bra1n/townsquare's own "Load State" (GameStateModal.vue's `load`) and its own
// "Game State JSON" (the modal's `gamestate`) on its own Vuex store, under node.
//
//   node harness.mjs SRC MODULES STATE.json
//
// SRC: a folder holding townsquare's `src/` (its store, data files and the modal), taken
// from a checkout at test time (never copied into this project). MODULES: a node_modules
// folder with vue 2, vuex 3 and esbuild. The store's browser plugins (persistence: local
// storage; socket: the live session) are replaced by no-ops, and so is the modal's
// `Modal` component (markup only); everything else is townsquare's code as it is.
// Prints JSON: what the store holds after loading STATE (edition, the roles it knows,
// each player with their role as loaded, the bluffs) and the Game State JSON townsquare
// writes back from it.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const [src, modules, statePath] = process.argv.slice(2);
const require = createRequire(path.join(modules, "package.json"));
const esbuild = require("esbuild");

// The modal's script block, as its own module beside it.
const vue = fs.readFileSync(path.join(src, "src/components/modals/GameStateModal.vue"), "utf8");
const script = /<script>([\s\S]*?)<\/script>/.exec(vue);
if (!script) throw new Error("GameStateModal.vue: no <script> block");
const modalJs = path.join(src, "src/components/modals/GameStateModal.script.js");
fs.writeFileSync(modalJs, script[1]);

const entry = path.join(src, "harness-entry.js");
fs.writeFileSync(entry, `
import store from "./src/store/index.js";
import modal from "./src/components/modals/GameStateModal.script.js";
export function load(text) {
  let alerted = null;
  globalThis.alert = (m) => { alerted = String(m); };
  const ctx = { input: text, session: store.state.session, $store: store,
                toggleModal: () => {} };
  modal.methods.load.call(ctx);
  if (alerted) return { error: alerted };
  const s = store.state;
  const role = (r) => r && r.id ? { id: r.id, name: r.name, team: r.team,
                                   imageAlt: r.imageAlt || null } : null;
  const view = { players: s.players, edition: s.edition, roles: s.roles,
                 session: s.session, $store: store };
  return {
    edition: s.edition.id,
    roles: [...s.roles.keys()],
    bluffs: s.players.bluffs.map(role),
    players: s.players.players.map((p) => ({ name: p.name, role: role(p.role),
      reminders: p.reminders, isDead: p.isDead, isVoteless: p.isVoteless })),
    gamestate: JSON.parse(modal.computed.gamestate.call(view)),
  };
}
`);

const stub = {
  name: "browser-only",
  setup(build) {
    build.onResolve({ filter: /^\.\/(persistence|socket|Modal)$/ }, (args) =>
      ({ path: args.path, namespace: "stub" }));
    build.onLoad({ filter: /.*/, namespace: "stub" }, () =>
      ({ contents: "export default function () {}", loader: "js" }));
  },
};
const out = await esbuild.build({
  entryPoints: [entry], bundle: true, write: false, platform: "node", format: "cjs",
  nodePaths: [modules], plugins: [stub], logLevel: "silent",
});
const mod = { exports: {} };
new Function("module", "exports", "require", out.outputFiles[0].text)(mod, mod.exports, require);
const state = fs.readFileSync(statePath, "utf8");
process.stdout.write(JSON.stringify(mod.exports.load(state)));
