import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { antdStylesPlugin } from './scripts/antdStylesPlugin.js';
import { precompressPlugin } from './scripts/precompressPlugin.js';
import { planRouteChunks, routeChunkGroups } from './scripts/routeChunks.js';

// The client is built into dist/client and served by the Fastify server on the same port.
// In development, `npm run dev:client` proxies the API families to a server on :8080.
const API_FAMILIES = ['/sys', '/system', '/admin', '/online', '/app', '/api', '/healthz', '/readyz'];

// react-router 7 exports only its development build (remix-run/react-router#12532, #14102): every
// production bundle kept its dev warnings on (ENABLE_DEV_WARNINGS, console noise and dead code). Its
// production build is the same code with them off; a build takes it.
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

const config: UserConfig = {
  plugins: [react(), antdStylesPlugin({ prerender: true }), precompressPlugin()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // browsers without <link rel=modulepreload> (Safari < 17) only fetch a little later; the polyfill is in every visit's entry
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // antd's Input imports FormProvider through rc-field-form's index, whose only side effects are statics
        // on its own Form (Form.List = List, …; antd never reads them). Said so, a screen with inputs but no
        // form (the list page's search bar) gets FormProvider alone instead of the field store and
        // async-validator (~14 KB gzip).
        moduleSideEffects: [
          { test: /node_modules\/rc-field-form\/es\/index\.js$/, sideEffects: false },
          // antd's Button style takes AggregationColor from the colour picker's colour class; the package's index
          // also re-exports its ColorPicker component, kept for its statics unless said plain (~2.3 KB gzip)
          { test: /node_modules\/@rc-component\/color-picker\/es\//, sideEffects: false },
          // runtime/ modules do nothing when imported (createRuntime installs what it needs), so the
          // re-exports of runtime/index.ts must not keep lazily loaded parts (RecordTabs…) in the main chunk
          { test: /\/runtime\/.*\.tsx?$/, sideEffects: false },
        ],
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(API_FAMILIES.map((p) => [p, { target: 'http://127.0.0.1:8080', changeOrigin: false }])),
      // the header bell's notice socket
      '/websocket': { target: 'ws://127.0.0.1:8080', ws: true, changeOrigin: false },
    },
  },
};

// A production build chunks by the stages of a visit (scripts/routeChunks.ts, docs/client-budgets.md),
// planned by a first build with this same configuration; the dev server and that first build do not.
export default defineConfig(async ({ command }) => {
  if (command !== 'build') return config;
  const buildConfig: UserConfig = { ...config, resolve: { alias: reactRouterProduction } };
  if (process.env.CLOUDLAB_PLANNING_CHUNKS) return buildConfig;
  process.env.CLOUDLAB_PLANNING_CHUNKS = '1';
  const stageOf = await planRouteChunks({ configFile: false, root: import.meta.dirname, ...buildConfig }).finally(() => {
    delete process.env.CLOUDLAB_PLANNING_CHUNKS;
  });
  return {
    ...buildConfig,
    build: {
      ...buildConfig.build,
      rolldownOptions: { ...buildConfig.build!.rolldownOptions, output: { codeSplitting: { groups: routeChunkGroups(stageOf) } } },
    },
  };
});
