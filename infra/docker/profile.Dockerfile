# syntax=docker/dockerfile:1
# The profile service (docs/decisions/009-deploy-story.md, "Self-hosting"). Build from the repository root:
#   docker build -f infra/docker/profile.Dockerfile -t trove/profile .
# It runs as JavaScript bundled from its TypeScript source when the image is built, as `npm start` runs it
# (docs/decisions/217: a node process without tsx's loader holds far less memory); migrations run at start.
FROM node:20.19-bookworm-slim
WORKDIR /app
# Only what this service needs: its workspace, core and contracts, and the root tools (tsx, esbuild).
COPY . .
RUN npm ci --workspace @trove/profile-service --include-workspace-root --no-audit --no-fund --ignore-scripts \
  && npm cache clean --force
# dist/services/profile/: main.mjs and the children it forks (infra/src/stack/service-bundles.ts).
RUN npx tsx infra/src/stack/service-bundles.ts profile
ENV NODE_ENV=production
# In a container the service must listen beyond loopback; nginx reaches it over the container network.
ENV HOST=0.0.0.0
ENV PROFILE_PORT=4102

USER node
EXPOSE 4102
HEALTHCHECK --interval=10s --timeout=3s CMD ["node", "-e", "fetch('http://127.0.0.1:4102/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/services/profile/main.mjs"]
