# syntax=docker/dockerfile:1
# The app as a container: built in one stage, run from production dependencies only, as a
# non-root user. Point it at PostgreSQL with DATABASE_URL (see compose.yaml and the README's
# Production section); any number of containers can share one database. Without DATABASE_URL it
# uses the embedded database in /app/.data, which serves a single container (mount a volume there).

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0
# Code and dependencies belong to root (the app cannot change them); only the data folder is the app's.
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
RUN mkdir -p /app/.data && chown node:node /app/.data && chmod 700 /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches node directly (exec form), which finishes requests in flight before exiting.
CMD ["node", "dist/server/index.js"]
