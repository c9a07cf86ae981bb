# syntax=docker/dockerfile:1
# The auth service (docs/decisions/009-deploy-story.md, "Self-hosting"). Build from the repository root:
#   docker build -f infra/docker/auth.Dockerfile -t trove/auth .
# It runs as JavaScript bundled from its TypeScript source when the image is built, as `npm start` runs it
# (docs/decisions/217: a node process without tsx's loader holds far less memory); migrations run at start.
FROM node:20.19-bookworm-slim
WORKDIR /app
# Only what this service needs: its workspace, core and contracts, and the root tools (tsx, esbuild).
COPY . .
RUN npm ci --workspace @trove/auth-service --include-workspace-root --no-audit --no-fund --ignore-scripts \
  && npm cache clean --force
# dist/services/auth/: main.mjs and the children it forks (infra/src/stack/service-bundles.ts).
RUN npx tsx infra/src/stack/service-bundles.ts auth
ENV NODE_ENV=production
# In a container the service must listen beyond loopback; nginx reaches it over the container network.
ENV HOST=0.0.0.0
ENV AUTH_PORT=4101
# Generated once into a volume when AUTH_SIGNING_KEY is unset; every replica must share it (or the key).
ENV AUTH_KEY_DIR=/var/lib/trove/keys
RUN mkdir -p /var/lib/trove/keys && chown node:node /var/lib/trove/keys
USER node
EXPOSE 4101
HEALTHCHECK --interval=10s --timeout=3s CMD ["node", "-e", "fetch('http://127.0.0.1:4101/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/services/auth/main.mjs"]
