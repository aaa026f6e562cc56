# Production image for the API and the projector (docker-compose.yml runs both from it).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY services/event-store/package.json services/event-store/
COPY services/db/package.json services/db/
COPY services/api/package.json services/api/
COPY projections/package.json projections/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund --include=dev
COPY . .
RUN npm run build
USER node
EXPOSE 5000
# `npm start`'s command (package.json), without npm as PID 1 (checked by
# scripts/bench/start-command.unit.test.ts). Its 64 MB young generation: the patient page's 40 kB
# of JSON is written in Node, and the default's scavenges cost a sixth of the API's CPU.
CMD ["node", "--max-semi-space-size=64", "--import", "tsx", "services/api/src/main.ts"]
