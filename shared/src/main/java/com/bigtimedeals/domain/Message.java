package com.bigtimedeals.domain;

import java.time.Instant;

public record Message(String id, String username, String subject, String body, String dealId, boolean unread, Instant createdAt) {
}
