# syntax=docker/dockerfile:1
# The static site (shell, remotes, runtime config) with nginx in front of the services
# (docs/decisions/009-deploy-story.md, "Self-hosting"). Build from the repository root:
#   docker build -f infra/docker/web.Dockerfile -t trove/web .
FROM node:20.19-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund --ignore-scripts
# Where users reach the site: canonical URLs, share tags and the sitemap name it (docs/decisions/049).
ARG PUBLIC_URL=
RUN PUBLIC_URL=$PUBLIC_URL npx tsx infra/src/build.ts
# Where nginx finds the services: Docker Compose and Kubernetes both name them auth, profile and search.
ARG HTTP_PORT=8080
ARG AUTH_UPSTREAMS=auth:4101
ARG PROFILE_UPSTREAMS=profile:4102
ARG SEARCH_UPSTREAMS=search:4103
ARG SOURCES_UPSTREAMS=sources:4104
# The search service's UPLOAD_MAX_REQUEST_BYTES when it is not the default (100 MB): set both together.
ARG UPLOAD_MAX_REQUEST_BYTES=
# The sources service's SOURCE_SQLITE_MAX_BYTES when it is not the default (200 MB): set both together.
ARG SOURCE_SQLITE_MAX_BYTES=
ARG REMOTE_ORIGINS=
ARG FRONT_PROXIES=
ARG AB_WEIGHT_B=
# Per client network (IPv4 address, IPv6 /64) on sign-up and the sign-in calls; empty: the defaults (ADR 096).
ARG PROXY_REGISTER_PER_MINUTE=
ARG PROXY_REGISTER_BURST=
ARG PROXY_SIGN_IN_PER_MINUTE=
ARG PROXY_SIGN_IN_BURST=
RUN HTTP_PORT=$HTTP_PORT AUTH_UPSTREAMS=$AUTH_UPSTREAMS PROFILE_UPSTREAMS=$PROFILE_UPSTREAMS \
    SEARCH_UPSTREAMS=$SEARCH_UPSTREAMS SOURCES_UPSTREAMS=$SOURCES_UPSTREAMS UPLOAD_MAX_REQUEST_BYTES=$UPLOAD_MAX_REQUEST_BYTES \
    SOURCE_SQLITE_MAX_BYTES=$SOURCE_SQLITE_MAX_BYTES \
    REMOTE_ORIGINS=$REMOTE_ORIGINS FRONT_PROXIES=$FRONT_PROXIES AB_WEIGHT_B=$AB_WEIGHT_B \
    PROXY_REGISTER_PER_MINUTE=$PROXY_REGISTER_PER_MINUTE PROXY_REGISTER_BURST=$PROXY_REGISTER_BURST \
    PROXY_SIGN_IN_PER_MINUTE=$PROXY_SIGN_IN_PER_MINUTE PROXY_SIGN_IN_BURST=$PROXY_SIGN_IN_BURST \
    npx tsx infra/docker/render-nginx.ts /app/dist/nginx

FROM nginx:1.27-bookworm
COPY --from=build /app/dist/www /srv/trove/www
COPY --from=build /app/dist/nginx/nginx.conf /etc/trove/nginx.conf
COPY --from=build /app/dist/nginx/ab-split.conf /var/lib/trove-nginx/ab-split.conf
# Logs to the container's output; the access log is JSON with the request id the services log.
RUN mkdir -p /var/lib/trove-nginx/tmp /var/log/trove \
  && ln -sf /dev/stdout /var/log/trove/nginx-access.log \
  && ln -sf /dev/stderr /var/log/trove/nginx-error.log
EXPOSE 8080
CMD ["nginx", "-p", "/var/lib/trove-nginx/", "-c", "/etc/trove/nginx.conf", "-e", "/var/log/trove/nginx-error.log", "-g", "daemon off;"]
