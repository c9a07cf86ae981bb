# syntax=docker/dockerfile:1
# The sources service: /api/v1/sources, the syncs and their reader children (docs/decisions/170-sources-service.md).
# What it reads goes to the search service through the intake table. Build from the repository root:
#   docker build -f infra/docker/sources.Dockerfile -t trove/sources .
# It runs as JavaScript bundled from its TypeScript source when the image is built, as `npm start` runs it
# (docs/decisions/217: a node process without tsx's loader holds far less memory); migrations run at start.
FROM node:20.19-bookworm-slim
WORKDIR /app
# Only what this service needs: its workspace, core and contracts, and the root tools (tsx, esbuild).
COPY . .
RUN npm ci --workspace @trove/sources-service --include-workspace-root --no-audit --no-fund --ignore-scripts \
  && npm cache clean --force
# dist/services/sources/: main.mjs and the children it forks (infra/src/stack/service-bundles.ts).
RUN npx tsx infra/src/stack/service-bundles.ts sources
ENV NODE_ENV=production
# In a container the service must listen beyond loopback; nginx reaches it over the container network.
ENV HOST=0.0.0.0
ENV SOURCES_PORT=4104

USER node
EXPOSE 4104
HEALTHCHECK --interval=10s --timeout=3s CMD ["node", "-e", "fetch('http://127.0.0.1:4104/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/services/sources/main.mjs"]
