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
# A 64 MB young generation, as `npm start`: the patient page writes its 40 kB of JSON in Node,
# and the default's scavenges cost about a sixth of the API's CPU under the page load.
CMD ["node", "--max-semi-space-size=64", "--import", "tsx", "services/api/src/main.ts"]
