# syntax=docker/dockerfile:1
# The search service: uploads, search and chats, with its extraction worker in the same process
# (docs/decisions/010-search-index.md). Build from the repository root:
#   docker build -f infra/docker/search.Dockerfile -t trove/search .
# It runs from TypeScript source under tsx, as everywhere else (docs/decisions/003); migrations run at start.
FROM node:20.19-bookworm-slim
WORKDIR /app
# Only what this service needs: its workspace, core and contracts, and the root tools (tsx).
COPY . .
RUN npm ci --workspace @trove/search-service --include-workspace-root --no-audit --no-fund --ignore-scripts \
  && npm cache clean --force
ENV NODE_ENV=production
# In a container the service must listen beyond loopback; nginx reaches it over the container network.
ENV HOST=0.0.0.0
ENV SEARCH_PORT=4103

USER node
EXPOSE 4103
HEALTHCHECK --interval=10s --timeout=3s CMD ["node", "-e", "fetch('http://127.0.0.1:4103/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node_modules/.bin/tsx", "services/search/src/main.ts"]
