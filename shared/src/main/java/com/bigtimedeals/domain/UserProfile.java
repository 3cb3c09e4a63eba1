package com.bigtimedeals.domain;

import java.time.Instant;
import java.time.LocalDate;

public record UserProfile(String username, String email, LocalDate birthday, String pictureUrl, Instant memberSince) {
}
