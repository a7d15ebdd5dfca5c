# syntax=docker/dockerfile:1
# Multi-stage: build with dev dependencies, run with production ones only, as a non-root user.
# Node 22 LTS (decision 087): CI runs the unit and integration suites on Node 22 and starts this
# runtime tree on it (scripts/ci/node22.sh).
FROM node:22-bookworm-slim AS base
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false
WORKDIR /app

FROM base AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY scripts/db/prisma-generate.mjs scripts/db/prisma-generate.mjs
COPY prisma ./prisma
COPY prisma.config.ts ./
RUN npm ci

FROM deps AS build
COPY . .
# prune-runtime drops what only optional peers reach (the Prisma CLI, TypeScript, PGlite: ~245 MB).
RUN npm run build && npm prune --omit=dev && node scripts/ops/prune-runtime.mjs

FROM base AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data MALLOC_ARENA_MAX=2
# WEB_CONCURRENCY defaults to the cores Node sees, which in a container can be the host's: set it
# to the container's CPU allowance (docker run --cpus=2 -e WEB_CONCURRENCY=2 ...).
# The built-in AI designer renders lettering through librsvg, which needs real fonts.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core fontconfig && rm -rf /var/lib/apt/lists/*
RUN mkdir -p /data && chown node:node /data
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/app/generated ./app/generated
COPY --from=build --chown=node:node /app/prisma ./prisma
COPY --from=build --chown=node:node /app/server/index.js /app/server/worker-flags.js /app/server/build-files.js /app/server/cluster-metrics.js ./server/
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/package.json ./package.json
USER node
# The SQLite file and, without object storage (S3_*, decision 058), the uploads and image caches.
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server/index.js"]
